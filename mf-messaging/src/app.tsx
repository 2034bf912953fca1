import { messagingPageStateImports } from '@portal/shared-api';
import { createRemote } from '@portal/shared-ui';
import { pages } from './pages';
import { messagingRemote } from './remote';

/** `./app`: the messaging pages, mounted by the shell while one of this remote's routes is active. */
export const { bootstrap, mount, unmount } = createRemote({ ...messagingRemote, pages, pageStates: messagingPageStateImports });
