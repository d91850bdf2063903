import * as cheerio from 'cheerio';

/** One post as the Official Feed shows it (photo, name, link, text, photos), with its id and time for ordering. */
export type ParsedPost = {
  postId: string;
  userPhoto: string | null;
  userName: string;
  messageUrl: string;
  messageText: string;
  messagePhotos: string[];
  postedAt: Date | null;
};

/** Only web addresses: a page that slipped in `javascript:` or `data:` links gets nothing. */
function httpsUrl(value: string | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The address in a style's `background-image: url(...)`, read by position: a pattern for it took
 * time quadratic in a hostile attribute's length.
 */
function backgroundImageUrl(style: string): string | undefined {
  const property = style.toLowerCase().indexOf('background-image');
  if (property < 0) return undefined;
  const open = style.indexOf('url(', property);
  if (open < 0) return undefined;
  let start = open + 'url('.length;
  while (style[start] === ' ') start++;
  const quote = style[start];
  if (quote === '"' || quote === "'") {
    const end = style.indexOf(quote, start + 1);
    return end < 0 ? undefined : style.slice(start + 1, end);
  }
  const end = style.indexOf(')', start);
  return end < 0 ? undefined : style.slice(start, end).trim();
}

/**
 * Reads the posts of a public channel page (`/s/{channel}`). Posts are recognised by their
 * `data-post` attribute; anything missing is left empty rather than guessed.
 */
export function parseChannelPage(html: string, baseUrl: string): ParsedPost[] {
  const $ = cheerio.load(html);
  // By id: a page naming one post twice yields it once (storing both at once would fail).
  const posts = new Map<string, ParsedPost>();
  $('.tgme_widget_message[data-post]').each((_index, node) => {
    const post = $(node);
    const postId = post.attr('data-post')?.trim();
    if (!postId || !/^[\w-]+\/\d+$/.test(postId)) return;
    const messageUrl =
      httpsUrl(post.find('a.tgme_widget_message_date').attr('href'), baseUrl) ?? new URL(`/${postId}`, baseUrl).href;
    const photos = post
      .find('.tgme_widget_message_photo_wrap')
      .map((_i, wrap) => httpsUrl(backgroundImageUrl($(wrap).attr('style') ?? ''), baseUrl))
      .get()
      .filter((url): url is string => url !== null);
    // Line breaks kept: `<br>` becomes a newline, other markup is dropped.
    const text = post.find('.tgme_widget_message_text').first().clone();
    text.find('br').replaceWith('\n');
    const datetime = post.find('time[datetime]').first().attr('datetime');
    const postedAt = datetime ? new Date(datetime) : null;
    posts.set(postId, {
      postId,
      userPhoto: httpsUrl(post.find('.tgme_widget_message_user_photo img').attr('src'), baseUrl),
      userName: post.find('.tgme_widget_message_owner_name').first().text().trim(),
      messageUrl,
      messageText: text.text().trim(),
      messagePhotos: photos,
      postedAt: postedAt && !Number.isNaN(postedAt.getTime()) ? postedAt : null,
    });
  });
  return [...posts.values()];
}
