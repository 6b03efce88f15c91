//! The web app's small stable sort agrees with the standard library's stable sort, ties in
//! their original order.

use proptest::prelude::*;
use warpsight::small_sort;

proptest! {
    #[test]
    fn same_as_std_stable_sort(v in prop::collection::vec((0u8..8, any::<u16>()), 0..200)) {
        let mut ours = v.clone();
        small_sort::sort_by_key(&mut ours, |p| p.0);
        let mut std_sorted = v.clone();
        std_sorted.sort_by_key(|p| p.0);
        prop_assert_eq!(ours, std_sorted);
    }
}

#[test]
fn by_a_comparison_descending() {
    let mut v: [(f64, char); 4] = [(1.5, 'a'), (3.0, 'b'), (1.5, 'c'), (2.0, 'd')];
    small_sort::sort_by(&mut v, |x, y| y.0.total_cmp(&x.0));
    assert_eq!(v, [(3.0, 'b'), (2.0, 'd'), (1.5, 'a'), (1.5, 'c')]);
}
