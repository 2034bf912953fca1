import { accountPageStateImports } from '@portal/shared-api';
import { createRemote } from '@portal/shared-ui';
import { pages } from './pages';
import { accountRemote } from './remote';

/** `./app`: the account pages, mounted by the shell while one of this remote's routes is active. */
export const { bootstrap, mount, unmount } = createRemote({ ...accountRemote, pages, pageStates: accountPageStateImports });
