// @ts-check
// A tripwire for the PDF workers (rfp.pdf-worker.mjs, rfp.ocr-worker.mjs), SECURITY.md A.7.
//
// pdf.js runs with `isEvalSupported: false`, so it must never generate code from strings while
// it reads a user's file. This makes sure of it: `eval` and the Function constructors are
// replaced by functions that count the attempt and throw, and the global names present once
// pdf.js is loaded are remembered. After a file, `report()` says whether anything tried to
// compile code or left a new global behind (what the CVE-2024-4367 exploit did in a browser);
// the parent refuses such a file.

/**
 * @returns {{ report(): { codeGeneration: number, newGlobals: string[] } }}
 */
export function installGuard() {
  let attempts = 0;
  const refuse = () => {
    attempts++;
    throw new EvalError('Code generation from strings is disabled in the PDF worker');
  };
  /** @param {Function} real */
  const trap = (real) =>
    new Proxy(real, {
      apply: refuse,
      construct: refuse,
    });
  const RealFunction = Function;
  const AsyncFunction = (async () => undefined).constructor;
  const GeneratorFunction = function* () {}.constructor;
  const AsyncGeneratorFunction = async function* () {}.constructor;
  globalThis.eval = trap(globalThis.eval);
  globalThis.Function = /** @type {FunctionConstructor} */ (trap(RealFunction));
  for (const F of [RealFunction, AsyncFunction, GeneratorFunction, AsyncGeneratorFunction]) {
    Object.defineProperty(F.prototype, 'constructor', { value: trap(F), writable: false, configurable: false });
  }
  const baseline = new Set(Object.getOwnPropertyNames(globalThis));
  return {
    report() {
      return {
        codeGeneration: attempts,
        newGlobals: Object.getOwnPropertyNames(globalThis).filter((name) => !baseline.has(name)),
      };
    },
  };
}
