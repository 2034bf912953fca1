import { INITIAL_STATE_ELEMENT_ID, initialStateSchema, type InitialState } from '@portal/shared-api';

export type InitialStateResult = { ok: true; state: InitialState } | { ok: false; error: unknown };

/** Reads and validates the server-embedded `<script type="application/json" id="portal-initial-state">`. */
export function readInitialState(doc: Document = document): InitialStateResult {
  const element = doc.getElementById(INITIAL_STATE_ELEMENT_ID);
  if (!element?.textContent) return { ok: false, error: new Error(`#${INITIAL_STATE_ELEMENT_ID} is missing`) };
  try {
    const parsed = initialStateSchema.safeParse(JSON.parse(element.textContent));
    return parsed.success ? { ok: true, state: parsed.data } : { ok: false, error: parsed.error };
  } catch (error) {
    return { ok: false, error };
  }
}
