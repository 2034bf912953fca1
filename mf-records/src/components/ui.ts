// The design-system parts this remote uses, in one place.
export { EmptyState, ErrorView, Pagination, Spinner } from '@portal/shared-ui';
