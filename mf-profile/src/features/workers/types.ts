/** What the directory searches by (all optional; no filter lists every available member). */
export interface WorkerFilters {
  /** Every one of these skills (any case). */
  skills: string[];
  minRate?: number;
  maxRate?: number;
  /** Average rating of at least this (1–5). */
  minRating?: number;
}

/** One member available for work, as the directory shows them: public fields only. */
export interface Worker {
  id: string;
  name: string;
  avatarUrl: string | null;
  title: string;
  skills: string[];
  hourlyRate: number | null;
  hoursPerWeek: number | null;
  /** When they marked themselves available (the directory's order, and its keyset). */
  availableSince: string;
  rating: { average: number; count: number } | null;
  completedGigs: number;
}
