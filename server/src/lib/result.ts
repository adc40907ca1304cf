/**
 * What a service answers when a request can be refused in an expected way (an unknown address, an
 * order in the wrong state, a code that expired): the value, or a failure named in the domain's
 * words with the values its answer needs. Services know nothing of HTTP; each module's
 * `failures.ts` says what a failure answers (status, code, message, params), and its routes use it.
 * The shape is checkout's (`PlaceOrderResult`): `{ ok: false, failure: { kind, … } }`.
 * Programmer errors and broken invariants are still thrown as plain Errors.
 */
export type Result<T, F extends { kind: string }> = { ok: true; value: T } | { ok: false; failure: F };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <F extends { kind: string }>(failure: F): { ok: false; failure: F } => ({ ok: false, failure });
/** The success of a command that has nothing to answer. */
export const done: { ok: true; value: undefined } = ok(undefined);

/**
 * A failure thrown from deep in a service's work so that the public method can return it: inside a
 * transaction, so that it rolls back (a failure returned from a transaction's callback would commit
 * what was written before it), or from a helper several calls down. `refusals` returns it.
 */
export class Refusal<F extends { kind: string }> extends Error {
  constructor(readonly failure: F) {
    super(failure.kind);
    this.name = "Refusal";
  }
}

/** Runs `work`; a `Refusal` it throws is answered as its failure, anything else thrown goes on. */
export async function refusals<T, F extends { kind: string }>(work: () => Promise<Result<T, F>>): Promise<Result<T, F>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refusal) return fail(error.failure as F);
    throw error;
  }
}

/** The value of a result, or what `refuse` makes of its failure thrown (a route's HttpError). */
export function valueOr<T, F extends { kind: string }>(result: Result<T, F>, refuse: (failure: F) => Error): T {
  if (!result.ok) throw refuse(result.failure);
  return result.value;
}
