/// The database schema, as an ordered list of migrations. `PRAGMA user_version` is the number of migrations
/// applied; `PRAGMA application_id` marks the file as HeroBridge's. Never edit a released migration: append one.
enum Schema {
    /// "HBRG": written into the SQLite header so that another program's database is recognised and left alone.
    static let applicationID: Int64 = 0x4842_5247

    static let migrations: [String] = [
        // 1: catalog additions, favorites, and their portraits.
        """
        CREATE TABLE heroes (
            key TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            description TEXT NOT NULL DEFAULT '',
            origin TEXT NOT NULL CHECK (origin IN ('import', 'custom')),
            added_at INTEGER NOT NULL
        );
        CREATE TABLE favorites (
            key TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            description TEXT NOT NULL DEFAULT '',
            origin TEXT NOT NULL CHECK (origin IN ('catalog', 'import', 'custom')),
            source TEXT NOT NULL,
            added_at INTEGER NOT NULL
        );
        CREATE TABLE portraits (
            favorite_key TEXT PRIMARY KEY NOT NULL REFERENCES favorites(key) ON DELETE CASCADE,
            mime TEXT NOT NULL,
            width INTEGER NOT NULL CHECK (width > 0),
            height INTEGER NOT NULL CHECK (height > 0),
            sha256 TEXT NOT NULL,
            bytes BLOB NOT NULL
        );
        """,
        // 2: large portraits live in files beside the database (`PortraitFiles`): `in_file` 1, an empty blob, and
        // the file's size in `byte_count` (for rows that keep their bytes it is not read: `length(bytes)` is). No
        // row is rewritten: a database of schema 1 keeps every portrait in its row.
        """
        ALTER TABLE portraits ADD COLUMN byte_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE portraits ADD COLUMN in_file INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX portraits_in_files ON portraits (sha256) WHERE in_file = 1;
        """,
    ]

    static var currentVersion: Int { migrations.count }
}
