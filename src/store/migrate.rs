//! Schema versions, for both stores: one way to say how a database is brought to the schema
//! this hamle writes ([`Migrations`]).
//!
//! A store's schema is a list of migrations: the `n`-th brings a database from version `n - 1`
//! to `n`, so the schema this hamle writes is their number. Opening a database runs the
//! migrations it lacks, in one transaction: a new database runs them all, one at the schema
//! already runs none, and one written by a newer hamle is refused untouched
//! ([`StoreError::TooNew`]); a migration that fails leaves the database at the version it had
//! ([`StoreError::Migration`]). A released migration is never changed; a change is a new one
//! at the end.
//!
//! Where the version lives is the database's own ([`Versioned`]): SQLite's `user_version`
//! (`migrations.rs`, schema 1 to 9), PostgreSQL's `hamle_schema` table under an advisory lock,
//! so that nodes starting together migrate once (`postgres.rs`, schema 1 to 3).

use super::StoreError;

/// A database inside the transaction that migrates it.
pub(super) trait Versioned {
    /// The schema version the database is at (0 for a new database).
    fn read_version(&mut self) -> Result<i64, StoreError>;
    /// Records the schema version the database is now at.
    fn write_version(&mut self, version: i64) -> Result<(), StoreError>;
    /// Runs the statements of one migration.
    fn run_statements(&mut self, sql: &str) -> Result<(), StoreError>;
}

/// A migration's work on the rows that its statements cannot do.
pub(super) type RowWork<D> = fn(&mut D) -> Result<(), StoreError>;

/// One migration: its statements, then its work on the rows, if any.
pub(super) struct Migration<D> {
    sql: &'static str,
    rows: Option<RowWork<D>>,
}

impl<D> Migration<D> {
    /// A migration that is its statements (`""`: the stored records changed, not the
    /// tables: the version alone tells an older hamle it cannot read them).
    pub(super) const fn sql(sql: &'static str) -> Migration<D> {
        Migration { sql, rows: None }
    }

    /// A migration that runs its statements, then `rows`.
    pub(super) const fn then(sql: &'static str, rows: RowWork<D>) -> Migration<D> {
        Migration {
            sql,
            rows: Some(rows),
        }
    }
}

/// A store's migrations, in order.
pub(super) struct Migrations<D>(Vec<Migration<D>>);

impl<D: Versioned> Migrations<D> {
    pub(super) fn new(migrations: Vec<Migration<D>>) -> Migrations<D> {
        Migrations(migrations)
    }

    /// The schema of a database every migration has run on: their number (which each
    /// store's schema constant is checked against).
    #[cfg(test)]
    pub(super) fn latest(&self) -> i64 {
        self.0.len() as i64
    }

    /// Brings `db` to version `target` (the store's schema, or a test's older one), and answers
    /// the version it was at. A database past `target` is refused before anything is done:
    /// [`StoreError::TooNew`], which names `target` as the version known. Nothing is
    /// committed here: `db` is a transaction, which its caller commits once this succeeds.
    pub(super) fn to_version(&self, db: &mut D, target: i64) -> Result<(), StoreError> {
        let found = db.read_version()?;
        if found > target {
            return Err(StoreError::TooNew {
                found,
                known: target,
            });
        }
        let wanted = usize::try_from(target).map_err(|_| StoreError::NoSuchSchema(target))?;
        let done = usize::try_from(found).map_err(|_| StoreError::NoSuchSchema(found))?;
        let missing = self
            .0
            .get(done..wanted)
            .ok_or(StoreError::NoSuchSchema(target))?;
        for (version, migration) in (found + 1..).zip(missing) {
            let failed = |source: StoreError| StoreError::Migration {
                version,
                source: Box::new(source),
            };
            db.run_statements(migration.sql).map_err(failed)?;
            if let Some(rows) = migration.rows {
                rows(db).map_err(failed)?;
            }
        }
        if found < target {
            db.write_version(target)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database that notes what it is asked and fails the statements it is told to.
    #[derive(Default)]
    struct Fake {
        version: i64,
        executed: Vec<&'static str>,
        fails: Option<&'static str>,
        rows_done: u32,
    }

    impl Versioned for Fake {
        fn read_version(&mut self) -> Result<i64, StoreError> {
            Ok(self.version)
        }

        fn write_version(&mut self, version: i64) -> Result<(), StoreError> {
            self.version = version;
            Ok(())
        }

        fn run_statements(&mut self, sql: &str) -> Result<(), StoreError> {
            if self.fails == Some(sql) {
                return Err(StoreError::Corrupt(format!("{sql} failed")));
            }
            let known = ["one", "two", "", "four"];
            let sql = known.into_iter().find(|k| *k == sql).unwrap_or("?");
            self.executed.push(sql);
            Ok(())
        }
    }

    fn count_rows(db: &mut Fake) -> Result<(), StoreError> {
        db.rows_done += 1;
        Ok(())
    }

    fn migrations() -> Migrations<Fake> {
        Migrations::new(vec![
            Migration::sql("one"),
            Migration::then("two", count_rows),
            Migration::sql(""),
            Migration::sql("four"),
        ])
    }

    struct Case {
        name: &'static str,
        found: i64,
        target: i64,
        fails: Option<&'static str>,
        /// `Ok` or the error as shown.
        answer: Result<(), &'static str>,
        executed: Vec<&'static str>,
        version: i64,
        rows_done: u32,
    }

    #[test]
    fn a_database_runs_the_migrations_it_lacks_and_no_other() {
        let cases = [
            Case {
                name: "a new database runs every migration, in order",
                found: 0,
                target: 4,
                fails: None,
                answer: Ok(()),
                executed: vec!["one", "two", "", "four"],
                version: 4,
                rows_done: 1,
            },
            Case {
                name: "an older one runs those it lacks",
                found: 2,
                target: 4,
                fails: None,
                answer: Ok(()),
                executed: vec!["", "four"],
                version: 4,
                rows_done: 0,
            },
            Case {
                name: "one at the schema runs none",
                found: 4,
                target: 4,
                fails: None,
                answer: Ok(()),
                executed: vec![],
                version: 4,
                rows_done: 0,
            },
            Case {
                name: "a test's older schema stops there",
                found: 0,
                target: 2,
                fails: None,
                answer: Ok(()),
                executed: vec!["one", "two"],
                version: 2,
                rows_done: 1,
            },
            Case {
                name: "a newer one is refused untouched",
                found: 5,
                target: 4,
                fails: None,
                answer: Err("database schema 5 is newer than this hamle (4)"),
                executed: vec![],
                version: 5,
                rows_done: 0,
            },
            Case {
                name: "a failing migration names its version and records none",
                found: 1,
                target: 4,
                fails: Some("four"),
                answer: Err("migrating the database to schema 4: corrupt store: four failed"),
                executed: vec!["two", ""],
                version: 1,
                rows_done: 1,
            },
            Case {
                name: "a schema no migration brings is refused",
                found: 0,
                target: 5,
                fails: None,
                answer: Err("no migration brings a database to schema 5"),
                executed: vec![],
                version: 0,
                rows_done: 0,
            },
        ];
        for case in &cases {
            let mut db = Fake {
                version: case.found,
                fails: case.fails,
                ..Fake::default()
            };
            let answer = migrations().to_version(&mut db, case.target);
            let shown = answer.as_ref().map(|_| ()).map_err(|e| e.to_string());
            assert_eq!(
                shown,
                case.answer.map_err(str::to_owned),
                "{}: answer",
                case.name
            );
            assert_eq!(db.executed, case.executed, "{}: executed", case.name);
            assert_eq!(db.version, case.version, "{}: version", case.name);
            assert_eq!(db.rows_done, case.rows_done, "{}: rows", case.name);
        }
        assert_eq!(migrations().latest(), 4);
    }
}
