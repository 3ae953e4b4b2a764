// zulip-js ships no types; the tests use it loosely.
declare module 'zulip-js' {
  const zulipInit: (config: Record<string, unknown>) => Promise<any>;
  export default zulipInit;
}
