import type { ExperienceEntry } from '../../lib/experience';

/** The profile as the page shows and edits it (camelCase; lib/mapping.ts converts the row). */
export interface Profile {
  id: string;
  username: string | null;
  avatarUrl: string | null;
  fullName: string;
  title: string;
  bio: string;
  skills: string[];
  hourlyRate: number | null;
  availability: { hoursPerWeek: number | null; preferredHours: string[]; timezone: string };
  /** Listed in the Find workers directory. */
  availableForWork: boolean;
  experience: ExperienceEntry[];
  portfolio: string[];
  contactInfo: { email: string; phone: string; linkedin: string; github: string };
}
