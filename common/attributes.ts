// Typed attributes for widgets: how an attribute's text becomes a prop, and what a bad value reports.
// A bad value never throws: it is reported on the console, naming the element and the attribute, and the
// widget falls back to its default.

export type AttributeSpec<T> =
  | { kind: 'string'; parse?: undefined }
  | { kind: 'boolean'; parse?: undefined }
  | { kind: 'json'; parse: (value: unknown) => T };

export const attr = {
  string: { kind: 'string' } as AttributeSpec<string>,
  /** Present (`""`, `"true"`, its own name) is true, `"false"` is false; absent is the widget's default. */
  boolean: { kind: 'boolean' } as AttributeSpec<boolean>,
  /** JSON text, checked by `parse`, which throws an Error saying what is wrong with the shape. */
  json<T>(parse: (value: unknown) => T): AttributeSpec<T> {
    return { kind: 'json', parse };
  },
};

export type AttributeSpecs = Record<string, AttributeSpec<unknown>>;

/** The props a widget gets from its attributes: each one optional (absent or invalid means default). */
export type AttributeProps<S extends AttributeSpecs> = {
  [K in keyof S]?: S[K] extends AttributeSpec<infer T> ? T : never;
};

/** `storageKey` → `storage-key`, as r2wc maps props to attributes. */
export function attributeName(prop: string): string {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a}-${b.toLowerCase()}`);
}

function report(tag: string, prop: string, problem: string): void {
  console.error(`<${tag}>: attribute "${attributeName(prop)}" ${problem}; using the default.`);
}

export function parseAttribute(
  tag: string,
  prop: string,
  spec: AttributeSpec<unknown>,
  text: string | undefined,
): unknown {
  if (text === undefined || text === null) return undefined;
  switch (spec.kind) {
    case 'string':
      return text;
    case 'boolean': {
      const value = text.trim().toLowerCase();
      if (value === '' || value === 'true' || value === attributeName(prop)) return true;
      if (value === 'false') return false;
      report(tag, prop, `must be "true" or "false", got ${JSON.stringify(text)}`);
      return undefined;
    }
    case 'json': {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        report(tag, prop, `is not valid JSON (${(error as Error).message})`);
        return undefined;
      }
      try {
        return spec.parse(value);
      } catch (error) {
        report(tag, prop, `has the wrong shape: ${(error as Error).message}`);
        return undefined;
      }
    }
  }
}

export function parseAttributes<S extends AttributeSpecs>(
  tag: string,
  specs: S,
  texts: Record<string, string | undefined>,
): AttributeProps<S> {
  const props: Record<string, unknown> = {};
  for (const [prop, spec] of Object.entries(specs)) props[prop] = parseAttribute(tag, prop, spec, texts[prop]);
  return props as AttributeProps<S>;
}
