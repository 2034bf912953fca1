import { ApiError, isApiError, toApiFailure } from './api-error';
import type * as ApiErrorModule from './api-error';

/** api-error.ts loaded once more: what another bundle's copy of shared-api is to this one. */
async function anotherCopy(): Promise<typeof ApiErrorModule> {
  let copy: typeof ApiErrorModule | undefined;
  await jest.isolateModulesAsync(async () => {
    copy = await import('./api-error');
  });
  if (!copy) throw new Error('api-error.ts was not loaded again');
  return copy;
}

describe('ApiError across bundles (each bundle has its own copy of shared-api)', () => {
  test('an ApiError made by another copy is recognised and keeps its failure', async () => {
    const copy = await anotherCopy();
    const error = new copy.ApiError({ kind: 'not-found', body: { id: 1 } });
    expect(error).not.toBeInstanceOf(ApiError); // a copy of its own, as in another bundle
    expect(isApiError(error)).toBe(true);
    expect(toApiFailure(error)).toEqual({ kind: 'not-found', body: { id: 1 } });
  });

  test('an error that only looks like one is not an ApiError', () => {
    const lookalike = Object.assign(new Error('API call failed: http 500'), { name: 'ApiError', failure: { kind: 'http', status: 500 } });
    expect(isApiError(lookalike)).toBe(false);
    expect(toApiFailure(lookalike)).toEqual({ kind: 'unexpected', message: 'API call failed: http 500' });
    expect(isApiError(null)).toBe(false);
  });
});
