// Import '@portal/shared-ui/themes.css' once in the shell (it sets the brand tokens); components import their own CSS.
export * from './shell-context';
export * from './breakpoints';
export * from './components/VisuallyHidden';
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
