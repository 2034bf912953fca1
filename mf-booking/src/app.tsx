import { bookingPageStateImports } from '@portal/shared-api';
import { createRemote } from '@portal/shared-ui';
import { pages } from './pages';
import { bookingRemote } from './remote';

/** `./app`: the booking pages, mounted by the shell while one of this remote's routes is active. */
export const { bootstrap, mount, unmount } = createRemote({ ...bookingRemote, pages, pageStates: bookingPageStateImports });
