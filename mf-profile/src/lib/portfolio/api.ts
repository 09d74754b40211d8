/**
 * Portfolio items (table portfolio_items; files in the public `portfolio` bucket under the
 * member's folder): read by anyone, added and removed by the member. A file is uploaded first and
 * the row written after; if the row is refused, the file goes again.
 */
import { FILE_BUCKETS, MEMBER_FILE_PATH, getSupabase, safeFileName, type QueryRow, type TablesInsert } from '@need40/shared';
import { NETWORK_MESSAGE, isNetworkFailure, worded } from '@need40/ui';

export interface PortfolioItem {
  id: string;
  title: string;
  link: string | null;
  filePath: string | null;
  fileType: string | null;
}

const COLUMNS = 'id, title, link, file_path, file_type';
const portfolioQuery = (userId: string) => getSupabase().from('portfolio_items').select(COLUMNS).eq('user_id', userId);
type Row = QueryRow<ReturnType<typeof portfolioQuery>>;

/** What the database allows (supabase/migrations/20241201000200_portfolio_items.sql, the bucket). */
export const PORTFOLIO_MAX_ITEMS = 12;
export const PORTFOLIO_TITLE_MAX = 120;
export const PORTFOLIO_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'];
export const PORTFOLIO_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const PORTFOLIO_LOAD_FAILED = 'The portfolio could not be loaded.';
export const PORTFOLIO_SAVE_FAILED = 'The item could not be added. Try again.';
export const PORTFOLIO_REMOVE_FAILED = 'The item could not be removed. Try again.';

const fromRow = (r: Row): PortfolioItem => ({ id: r.id, title: r.title, link: r.link, filePath: r.file_path, fileType: r.file_type });
const fail = (error: { message?: string; status?: number } | null, fallback: string) => worded(isNetworkFailure(error, error?.status) ? NETWORK_MESSAGE : fallback);

export async function fetchPortfolio(userId: string): Promise<PortfolioItem[]> {
  const { data, error, status } = await portfolioQuery(userId)
    .order('position')
    .order('created_at')
    .limit(PORTFOLIO_MAX_ITEMS);
  if (error) throw fail({ ...error, status }, PORTFOLIO_LOAD_FAILED);
  return data.map(fromRow);
}

/** A file name the storage keys accept: safe characters, at most 100, unique by a time prefix. */
export function fileKey(userId: string, name: string): string {
  return `${userId}/${Date.now().toString(36)}-${safeFileName(name)}`;
}

export async function addPortfolioItem(userId: string, item: { title: string; link: string | null; file: File | null; position: number }): Promise<PortfolioItem> {
  const sb = getSupabase();
  let filePath: string | null = null;
  if (item.file) {
    filePath = fileKey(userId, item.file.name);
    const up = await sb.storage.from(FILE_BUCKETS.portfolio).upload(filePath, item.file, { contentType: item.file.type, cacheControl: '31536000' });
    if (up.error) throw fail(up.error as never, PORTFOLIO_SAVE_FAILED);
  }
  const row: TablesInsert<'portfolio_items'> = { title: item.title, link: item.link, file_path: filePath, file_type: item.file?.type ?? null, position: item.position };
  const { data, error, status } = await sb.from('portfolio_items').insert(row).select(COLUMNS).single();
  if (error) {
    if (filePath) await sb.storage.from(FILE_BUCKETS.portfolio).remove([filePath]);
    throw fail({ ...error, status }, error.code === '22023' ? error.message : PORTFOLIO_SAVE_FAILED);
  }
  return fromRow(data);
}

export async function removePortfolioItem(item: PortfolioItem): Promise<void> {
  const sb = getSupabase();
  const { error, status } = await sb.from('portfolio_items').delete().eq('id', item.id);
  if (error) throw fail({ ...error, status }, PORTFOLIO_REMOVE_FAILED);
  if (item.filePath && MEMBER_FILE_PATH.test(item.filePath)) await sb.storage.from(FILE_BUCKETS.portfolio).remove([item.filePath]);
}

/** A thumbnail of an image item (480 × 320, cropped to fill), through /render/image. */
export function thumbnailUrl(item: PortfolioItem): string | null {
  if (!item.filePath || !item.fileType?.startsWith('image/') || !MEMBER_FILE_PATH.test(item.filePath)) return null;
  return getSupabase().storage.from(FILE_BUCKETS.portfolio).getPublicUrl(item.filePath, { transform: { width: 480, height: 320, resize: 'cover' } }).data.publicUrl;
}
