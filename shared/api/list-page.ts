/**
 * One page of a list whose total is not counted (counting every match would cost more than the
 * page): the client asks for `page + 1` while `hasMore` is true.
 */
export interface ListPage<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}
