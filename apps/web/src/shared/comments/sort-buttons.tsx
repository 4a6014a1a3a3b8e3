/** The comment sorts the engine answers: 1 热门 (likes), 2 最新. */
const COMMENT_SORTS = [
  [1, '热门'],
  [2, '最新'],
] as const;

/** 热门 / 最新 as two pressed-or-not buttons, in a group named 排序. */
export function SortButtons({ sort, onChange }: { sort: number; onChange(sort: number): void }) {
  return (
    <fieldset className="comments__sorts">
      <legend className="comments__legend">排序</legend>
      {COMMENT_SORTS.map(([value, name]) => (
        <button
          key={value}
          type="button"
          className="comments__sort"
          aria-pressed={sort === value}
          onClick={() => onChange(value)}
        >
          {name}
        </button>
      ))}
    </fieldset>
  );
}
