import { paymentsPageStateImports } from '@portal/shared-api';
import { createRemote } from '@portal/shared-ui';
import { pages } from './pages';
import { paymentsRemote } from './remote';

/** `./app`: the payments pages, mounted by the shell while one of this remote's routes is active. */
export const { bootstrap, mount, unmount } = createRemote({ ...paymentsRemote, pages, pageStates: paymentsPageStateImports });
