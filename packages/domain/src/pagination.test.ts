import { describe, expect, it } from 'vitest';
import { itemsOnPage, pageCount, visiblePages, type PageListItem } from './pagination.js';

const gap = 'ellipsis';

describe('visiblePages', () => {
  it.each<[current: number, total: number, expected: PageListItem[]]>([
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 4, gap, 10]],
    [2, 10, [1, 2, 3, 4, 5, gap, 10]],
    [3, 10, [1, 2, 3, 4, 5, 6, gap, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 7, gap, 10]],
    // A single missing page is still a gap: only the listed pages are shown.
    [5, 10, [1, gap, 3, 4, 5, 6, 7, 8, gap, 10]],
    [6, 10, [1, gap, 4, 5, 6, 7, 8, 9, 10]],
    [7, 10, [1, gap, 5, 6, 7, 8, 9, 10]],
    [10, 10, [1, gap, 8, 9, 10]],
    [50, 100, [1, gap, 48, 49, 50, 51, 52, 53, gap, 100]],
    // Out of range: the nearest end.
    [0, 10, [1, 2, 3, 4, gap, 10]],
    [12, 10, [1, gap, 8, 9, 10]],
  ])('on page %d of %d shows %j', (current, total, expected) => {
    expect(visiblePages(current, total)).toEqual(expected);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 10, 10],
    [5, 0, 0],
  ])('%d items at %d a page fill %d pages', (total, perPage, pages) => {
    expect(pageCount(total, perPage)).toBe(pages);
  });
});

describe('itemsOnPage', () => {
  it.each([
    [1, 95, 10, 10],
    [10, 95, 10, 5],
    [11, 95, 10, 0],
    [1, 0, 10, 0],
    [1, 3, 25, 3],
    [0, 95, 10, 0],
  ])('page %d of %d items at %d a page holds %d', (page, total, perPage, count) => {
    expect(itemsOnPage(page, total, perPage)).toBe(count);
  });
});
