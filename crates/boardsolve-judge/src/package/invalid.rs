//! The invalid-input corpus of `tests/data/invalid/`, one list a judge's
//! format, for a package's `data/invalid_input/` (a unit test holds each
//! list to its folder).

mod board_2048;
mod dice;
mod footholds;
mod tromino_k;

pub(super) use board_2048::BOARD_2048;
pub(super) use dice::DICE;
pub(super) use footholds::FOOTHOLDS;
pub(super) use tromino_k::TROMINO_K;

#[cfg(test)]
mod tests {
    #[test]
    fn every_list_is_its_folder() {
        for (folder, list) in [
            ("2048", super::BOARD_2048),
            ("yut", super::DICE),
            ("14600", super::TROMINO_K),
            ("footholds", super::FOOTHOLDS),
        ] {
            // The repository's root, two folders above this crate's.
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/data/invalid")
                .join(folder);
            let mut names: Vec<String> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".in"))
                .collect();
            names.sort();
            let listed: Vec<&str> = list.iter().map(|(n, _)| *n).collect();
            assert_eq!(listed, names, "{folder}: add the new files to invalid.rs");
            for (name, bytes) in list {
                assert_eq!(
                    *bytes,
                    std::fs::read(dir.join(name)).unwrap(),
                    "{folder}/{name}"
                );
            }
        }
    }
}
