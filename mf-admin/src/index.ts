// Async boundary: shared singletons (react, @need40/shared, …) are negotiated before any of them runs.
import('./bootstrap');
