import { recordsPageStateImports } from '@portal/shared-api';
import { createRemote } from '@portal/shared-ui';
import { pages } from './pages';
import { recordsRemote } from './remote';

/** `./app`: the records pages, mounted by the shell while one of this remote's routes is active. */
export const { bootstrap, mount, unmount } = createRemote({ ...recordsRemote, pages, pageStates: recordsPageStateImports });
