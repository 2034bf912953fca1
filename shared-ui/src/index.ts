// Import '@portal/shared-ui/themes.css' once in the shell (it sets the brand tokens); components import their own CSS.
export * from './shell-context';
export * from './shell-context-from-state';
export * from './sign-in-link';
export * from './breakpoints';
export * from './useMediaQuery';
export * from './components/VisuallyHidden';
export * from './components/LinkName';
export * from './components/Heading';
export * from './components/Spinner';
export * from './components/Button';
export * from './components/LinkButton';
export * from './components/Alert';
export * from './components/ErrorView';
export * from './components/EmptyState';
export * from './components/Card';
export * from './components/pagination-window';
export * from './components/Pagination';
export * from './components/toast-store';
export * from './components/ToastRegion';
export * from './components/Stack';
export * from './components/PageHeading';
export * from './components/BackLink';
export * from './components/Tabs';
export * from './components/text-input';
export * from './components/TextField';
export * from './components/CharacterCount';
export * from './components/details-list';
export * from './components/contact-fields';
export * from './components/choice';
// What every remote's app needs around its pages (every remote laid out alike: docs/architecture.md, "The contract of a remote and of a server module"):
// createRemote / createParcel start it; pages read their state, clients and links from the shell.
export * from './remote/createRemote';
export * from './remote/RemoteProviders';
export { PageStatesProvider } from './remote/page-states';
// types only: the router behind them is imported by createRemote when a remote's pages mount
export type { RemotePageMap, RemotePagesProps } from './remote/RemotePages';
export * from './remote/lazy-page';
export * from './remote/PageFrame';
export * from './remote/RemoteErrorBoundary';
export * from './remote/react-lifecycles';
export * from './remote/watch-page-heading';
export * from './remote/usePageState';
export * from './remote/PageLoadStatus';
export * from './remote/useLifetimeSignal';
export * from './remote/useEditModeFocus';
export * from './remote/clients';
export * from './remote/ShellLink';
export * from './remote/RemoteParcel';
