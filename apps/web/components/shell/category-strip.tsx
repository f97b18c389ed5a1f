import Link from 'next/link';
import { categories } from '@/lib/site';

/** The main component: quick access to the categories, scrollable on phones. */
export function CategoryStrip() {
  return (
    <nav aria-label="Categories" className="mx-auto max-w-[1920px] px-3 pt-3 sm:px-4">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        <li>
          <Link
            href="/"
            className="block whitespace-nowrap rounded-full bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20"
          >
            All
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link
              href={`/category/${category.id}`}
              className="block whitespace-nowrap rounded-full bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20"
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
