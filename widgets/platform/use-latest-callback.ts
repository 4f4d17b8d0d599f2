// A callback whose identity never changes but which always runs the latest function it was given: a memoised
// child that receives it is not rendered again just because its parent made a new closure.
import { useCallback, useLayoutEffect, useRef } from 'react';

export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
