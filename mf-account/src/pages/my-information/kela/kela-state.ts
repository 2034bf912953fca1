import { isKelaMimeType, KELA_SIDES, type KelaMimeType, type KelaSide } from '@portal/shared-api';

/** Why a side failed: the catalogue ids of spec part 2 §8 Account (Kela). */
export type KelaSideError = 'account.kela.error.add' | 'account.kela.error.fileType';

/**
 * One side of the card (spec part 2 §4 Kela images): missing, ready-to-upload, uploading (0–100),
 * uploaded, error. An error while choosing (a file that is not JPEG/PNG) keeps the other side; an
 * error of an upload ends that upload like `uploaded` does.
 */
export type KelaSideState =
  | { status: 'missing' }
  | { status: 'ready'; file: File; contentType: KelaMimeType }
  | { status: 'uploading'; file: File; contentType: KelaMimeType; progress: number }
  | { status: 'uploaded'; file: File; contentType: KelaMimeType }
  | { status: 'error'; error: KelaSideError; stage: 'choose' | 'upload' };

export type KelaSides = Record<KelaSide, KelaSideState>;

export type KelaAction =
  | { type: 'choose'; side: KelaSide; file: File | null }
  | { type: 'start' }
  | { type: 'progress'; side: KelaSide; percent: number }
  | { type: 'uploaded'; side: KelaSide }
  | { type: 'failed'; side: KelaSide; error: KelaSideError };

export const NO_SIDES: KelaSides = { front: { status: 'missing' }, back: { status: 'missing' } };

/** Upload requires both sides ready. */
export const bothReady = (sides: KelaSides) => KELA_SIDES.every((side) => sides[side].status === 'ready');
export const isUploading = (sides: KelaSides) => KELA_SIDES.some((side) => sides[side].status === 'uploading');
/** An upload has ended (a side uploaded or failed while uploading): the next change starts over. */
const uploadEnded = (sides: KelaSides) =>
  KELA_SIDES.some((side) => {
    const state = sides[side];
    return state.status === 'uploaded' || (state.status === 'error' && state.stage === 'upload');
  });

export function kelaReducer(sides: KelaSides, action: KelaAction): KelaSides {
  switch (action.type) {
    case 'choose': {
      if (isUploading(sides)) return sides;
      // spec §4: changing images resets both sides to missing (once an upload has ended)
      const start = uploadEnded(sides) ? NO_SIDES : sides;
      const { file } = action;
      let next: KelaSideState;
      if (!file) next = { status: 'missing' };
      else if (isKelaMimeType(file.type)) next = { status: 'ready', file, contentType: file.type };
      else next = { status: 'error', error: 'account.kela.error.fileType', stage: 'choose' };
      return { ...start, [action.side]: next };
    }
    case 'start': {
      if (!bothReady(sides)) return sides;
      const uploading = (state: KelaSideState): KelaSideState => (state.status === 'ready' ? { ...state, status: 'uploading', progress: 0 } : state);
      return { front: uploading(sides.front), back: uploading(sides.back) };
    }
    case 'progress': {
      const state = sides[action.side];
      if (state.status !== 'uploading') return sides;
      return { ...sides, [action.side]: { ...state, progress: Math.max(0, Math.min(100, Math.round(action.percent))) } };
    }
    case 'uploaded': {
      const state = sides[action.side];
      if (state.status !== 'uploading') return sides;
      return { ...sides, [action.side]: { status: 'uploaded', file: state.file, contentType: state.contentType } };
    }
    case 'failed':
      return { ...sides, [action.side]: { status: 'error', error: action.error, stage: 'upload' } };
  }
}
