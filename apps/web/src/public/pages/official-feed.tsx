import { useFeed } from '../site-data';
import { useT } from '../texts';

/** Newest first, as the server answers; texts are rendered as text, links only to web addresses. */
export function OfficialFeed() {
  const t = useT();
  const feed = useFeed();
  let body;
  if (feed.state === 'loading') body = <p className="text-slate-600">{t('public.feed.loading')}</p>;
  else if (feed.state === 'failed')
    body = (
      <p role="alert" className="text-red-700">
        {t('public.feed.failed')}
      </p>
    );
  else if (feed.data.length === 0) body = <p className="text-slate-600">{t('public.feed.empty')}</p>;
  else
    body = (
      <ul className="flex flex-col gap-4">
        {feed.data.map((post) => (
          <li key={post.message_url} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4">
            {post.user_photo ? (
              <img
                src={post.user_photo}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                className="size-10 shrink-0 rounded-full object-cover"
              />
            ) : (
              <span className="size-10 shrink-0 rounded-full bg-brand-50" aria-hidden />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{post.user_name}</p>
              <a
                href={post.message_url}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-1 block whitespace-pre-line break-words text-slate-800 hover:underline"
              >
                {post.message_text || t('public.feed.openPost')}
              </a>
              {post.message_photo[0] && (
                <img
                  src={post.message_photo[0]}
                  alt={t('public.feed.photoOf', { name: post.user_name })}
                  loading="lazy"
                  className="mt-3 max-h-96 w-full rounded-md object-cover"
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="feed-title" className="flex flex-col gap-4">
      <h2 id="feed-title" className="text-2xl font-semibold text-slate-900">
        {t('public.feed.title')}
      </h2>
      {body}
    </section>
  );
}
