/** Whether a request's headers declare a form body, the only kind of body that is signed. */
export function isForm(headers: Headers): boolean {
  return /^application\/x-www-form-urlencoded/i.test(headers.get('content-type') ?? '');
}
