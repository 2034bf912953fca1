import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { RemoteCustomProps } from '@portal/shared-ui';
import { MessagingApp } from './MessagingApp';

/**
 * `./app`: single-spa-react lifecycles of the messaging pages. Custom props `{ shell, domElementGetter }`
 * (RemoteCustomProps); the shell mounts it while one of this remote's routes is active.
 */
const lifecycles = singleSpaReact<RemoteCustomProps>({
  React,
  ReactDOMClient,
  rootComponent: MessagingApp,
  // MessagingApp has its own boundary (inside the providers, so its error view is translated).
  suppressComponentDidCatchWarning: true,
});

export const { bootstrap, mount, unmount } = lifecycles;
export const update = lifecycles.update;
export default lifecycles;
