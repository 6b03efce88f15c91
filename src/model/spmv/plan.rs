//! The benchmark plan (§3 (2), §4.1.1, §4.2.1, §4.3.1) and the least-squares fits that turn
//! a target's measured benchmark times into its coefficients.
