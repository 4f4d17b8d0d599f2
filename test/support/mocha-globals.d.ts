// Types of the Mocha globals @web/test-runner provides in the browser (no @types/mocha installed).
type MochaDone = (error?: unknown) => void;
type MochaFn = (this: unknown, done: MochaDone) => void | Promise<unknown>;
declare function describe(title: string, fn: () => void): void;
declare function it(title: string, fn: MochaFn | (() => void | Promise<unknown>)): void;
declare function before(fn: () => void | Promise<unknown>): void;
declare function after(fn: () => void | Promise<unknown>): void;
declare function beforeEach(fn: () => void | Promise<unknown>): void;
declare function afterEach(fn: () => void | Promise<unknown>): void;
