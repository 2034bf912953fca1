// The async boundary Module Federation needs before shared modules (React…) are used (STACK.md).
void import('./bootstrap');
