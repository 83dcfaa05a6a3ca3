/**
 * Entry of the wasm SIMD FFT module (AssemblyScript → WebAssembly with the simd feature). Built by
 * `npm run build:wasm` (packages/dsp/scripts/build-wasm.ts) into src/fft/wasm/fft-simd.generated.ts;
 * driven by src/fft/fft-wasm-runtime.ts. Every export works on byte offsets into the exported memory, which the
 * JavaScript side allocates; the module itself keeps no state and no data segments.
 */
export { pass2, pass3, pass4, pass5, pass8 } from './radix-small';
export { pass7, pass11, pass13, pass17, pass19, pass23 } from './radix-odd';
export { passOdd } from './radix-generic';
export { raderGather, raderFirst, raderProduct, raderScatter } from './rader';
export { chirpLoad, mulConj, chirpOut } from './chirp';
export {
  realSplit,
  realSplitMagnitudes,
  realToComplex,
  interleave,
  deinterleave,
  magnitudes,
  absScaled,
  analyticLoad,
} from './real';
export { meanOf, centreWindow, storeColumn } from './segments';
