import { NavLink } from '@/components/ui/nav-link';
import { categories } from '@/lib/server/site';

/** The main component: quick access to the categories, scrollable on phones. */
export function CategoryStrip() {
  return (
    <nav aria-label="Categories" className="mx-auto max-w-[1920px] px-3 pt-3 sm:px-4">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        <li>
          <NavLink
            href="/"
            className="block whitespace-nowrap rounded-full bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20 aria-[current=page]:bg-accent aria-[current=page]:text-black"
          >
            All
          </NavLink>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <NavLink
              href={`/category/${category.id}`}
              className="block whitespace-nowrap rounded-full bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20 aria-[current=page]:bg-accent aria-[current=page]:text-black"
            >
              {category.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
