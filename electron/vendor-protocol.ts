import { readVendorFile, type VendorSources } from '../src/app/server/vendor-files.js';

/**
 * The window's own scheme for the vision workers' files. The renderer is a file:// page, and a
 * Web Worker cannot fetch file:// URLs (nor may it import the runtime's ES module glue from
 * them), so opencv.js, onnxruntime-web and the detector model are served as
 * `shagomer://app/vendor/…`, the same names and bytes as `shagomer serve`'s `/vendor/…`.
 * The scheme is registered as standard, secure and fetchable before the app is ready
 * (main.ts); this file is the answer to each request, kept free of Electron so it is unit tested.
 */
export const VENDOR_SCHEME = 'shagomer';
export const VENDOR_ORIGIN = `${VENDOR_SCHEME}://app`;

/** Where the window's vision worker loads opencv.js from (the rest sits beside it). */
export const OPENCV_URL = `${VENDOR_ORIGIN}/vendor/opencv.js`;

/** The privileges the scheme needs: fetch and dynamic import from a worker, wasm streaming, CORS. */
export const VENDOR_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true } as const;

export interface VendorReply {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | string;
}

/** The answer to one request of the scheme: only GET of a vendor file; everything else 404 or 405. */
export async function vendorReply(method: string, url: string, src: VendorSources): Promise<VendorReply> {
  // The page is file:// (an opaque origin): the workers' fetches and module imports are cross-origin.
  const cors = { 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' };
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { status: 404, headers: { ...cors, 'content-type': 'text/plain; charset=utf-8' }, body: 'not a vendor file' };
  }
  if (u.protocol !== `${VENDOR_SCHEME}:` || u.host !== 'app') return { status: 404, headers: { ...cors, 'content-type': 'text/plain; charset=utf-8' }, body: 'not a vendor file' };
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, headers: { ...cors, 'content-type': 'text/plain; charset=utf-8' }, body: 'only GET' };
  const v = await readVendorFile(u.pathname, src);
  if (!v) return { status: 404, headers: { ...cors, 'content-type': 'text/plain; charset=utf-8' }, body: 'not a vendor file' };
  if (v.status === 404) return { status: 404, headers: { ...cors, 'content-type': 'text/plain; charset=utf-8' }, body: v.problem };
  return { status: 200, headers: { ...cors, 'content-type': v.type, 'content-length': String(v.body.byteLength) }, body: new Uint8Array(v.body) };
}
