// Async boundary: Module Federation must negotiate the shared singletons before any React code runs (STACK.md).
import('./bootstrap');
