// The upstream every proxy bench stands the proxy in front of: a fixed 20-record contact list for a
// GET, 201 for a POST (its body read first), and the form body the benches POST.

/** The list every GET answers with. */
export const BENCH_LIST: string = JSON.stringify({
  $totalResults: 20,
  $startIndex: 0,
  $itemsPerPage: 20,
  $resources: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Contact ${i + 1}`, town: 'Köln' })),
});

/** The form body of a bench POST, with a non-ASCII escape as real bodies have. */
export const BENCH_FORM =
  'contact%5Bcontact_type_id%5D=1&contact%5Bname%5D=Bench+Contact&contact%5Bmain_address%5D%5Btown%5D=K%C3%B6ln';

/** Answers as the accounting service would, without doing anything. */
export async function benchUpstream(request: Request): Promise<Response> {
  if (request.method === 'POST') {
    await request.arrayBuffer();
    return new Response('{"id":1,"name":"Bench Contact"}', {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  }
  return new Response(BENCH_LIST, { headers: { 'content-type': 'application/json' } });
}
