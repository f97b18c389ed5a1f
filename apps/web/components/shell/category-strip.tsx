import { IntentLink } from '@/components/ui/intent-link';
import { categories } from '@/lib/site';

/** The main component: quick access to the categories, scrollable on phones. */
export function CategoryStrip() {
  return (
    <nav aria-label="Categories" className="mx-auto max-w-[1920px] px-3 pt-3 sm:px-4">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        <li>
          <IntentLink
            href="/"
            className="block whitespace-nowrap rounded-full bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20"
          >
            All
          </IntentLink>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <IntentLink
              href={`/category/${category.id}`}
              className="block whitespace-nowrap rounded-full bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20"
            >
              {category.name}
            </IntentLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
