// Async boundary: shared singletons (react, @need40/shared, …) are negotiated before any of them runs.
// In a task of its own: the federation runtime has just started in this one, and loading the shared
// modules after it in the same task would make one long task of both (total blocking time).
setTimeout(() => void import('./bootstrap'), 0);
