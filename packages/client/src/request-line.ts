/**
 * Method and path of the request each response answers (`GET /core/v2/me`), for error messages. The
 * transport records it; `unwrap()` and paging read it. A `WeakMap`, so a response that is let go takes
 * its entry with it.
 */
export const requestLine: WeakMap<Response, string> = new WeakMap();
