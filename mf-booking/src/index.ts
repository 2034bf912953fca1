// Async boundary: Module Federation must negotiate the shared singletons before any React code runs (docs/architecture.md, "Architecture decisions").
import('./bootstrap');
