/**
 * How deeply a request's data (a JSON body, a form, a query) may nest objects and arrays. No call
 * needs more than a few levels; a deeper body is refused at the edge (422) before anything walks
 * it, so no recursive code after it (JSON.stringify, the event store, PostgreSQL's jsonb) meets a
 * body deep enough to overflow its stack.
 */
export const REQUEST_MAX_NESTING = 32;
