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
        // 3: the change log, and an index for matching names. Every change to a favorite, its portrait or a
        // catalog addition appends an entry (`kind` 'favorite' or 'hero', the key, and the favorite's name where
        // the row still has one), by SQLite's own triggers, so every writer's changes are in it, whichever process
        // made them. A reader keeps the last `seq` it read and reads only the entries after it
        // (`FavoritesStore.changes(after:)`): a window shows what changed without reading every row again, and a
        // cached catalog is read again only when a catalog addition changed. The log keeps its last 4096 entries
        // at least (pruned every 1024); a reader that fell further behind reads everything once.
        // `heroes_by_name`: an ingest looks a copied name up among the additions by its exact name (and by key,
        // the primary key) instead of loading them all.
        """
        CREATE TABLE changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            key TEXT NOT NULL,
            name TEXT
        );
        CREATE TRIGGER favorites_inserted AFTER INSERT ON favorites BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('favorite', NEW.key, NEW.name);
        END;
        CREATE TRIGGER favorites_updated AFTER UPDATE ON favorites BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('favorite', OLD.key, OLD.name);
            INSERT INTO changes (kind, key, name) VALUES ('favorite', NEW.key, NEW.name);
        END;
        CREATE TRIGGER favorites_deleted AFTER DELETE ON favorites BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('favorite', OLD.key, OLD.name);
        END;
        CREATE TRIGGER portraits_inserted AFTER INSERT ON portraits BEGIN
            INSERT INTO changes (kind, key) VALUES ('favorite', NEW.favorite_key);
        END;
        CREATE TRIGGER portraits_updated AFTER UPDATE ON portraits BEGIN
            INSERT INTO changes (kind, key) VALUES ('favorite', NEW.favorite_key);
        END;
        CREATE TRIGGER portraits_deleted AFTER DELETE ON portraits BEGIN
            INSERT INTO changes (kind, key) VALUES ('favorite', OLD.favorite_key);
        END;
        CREATE TRIGGER heroes_inserted AFTER INSERT ON heroes BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('hero', NEW.key, NEW.name);
        END;
        CREATE TRIGGER heroes_updated AFTER UPDATE ON heroes BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('hero', NEW.key, NEW.name);
        END;
        CREATE TRIGGER heroes_deleted AFTER DELETE ON heroes BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('hero', OLD.key, OLD.name);
        END;
        CREATE TRIGGER changes_pruned AFTER INSERT ON changes WHEN NEW.seq % 1024 = 0 BEGIN
            DELETE FROM changes WHERE seq <= NEW.seq - 4096;
        END;
        CREATE INDEX heroes_by_name ON heroes (name);
        """,
        // 4: the listing order in the store. `sort_key` is `HeroName.listingKey(name)` (case and accents folded),
        // written with the row (`FavoritesStore.insertFavorite`); `favorites_listed` orders by it and then by the
        // exact name, which is `HeroName.sortsBefore`'s order (SQLite compares text as UTF-8 bytes, which is the
        // order of the scalars). A window reads its rows a page at a time from it (`FavoritesStore.favoriteRows`)
        // instead of reading and sorting every row. The rows of an older database get their key in Swift right
        // after this migration (`FavoritesStore.fillSortKeys`); the trigger on updates now names the columns a
        // reader shows, so that filling the key logs nothing.
        """
        ALTER TABLE favorites ADD COLUMN sort_key TEXT;
        CREATE INDEX favorites_listed ON favorites (sort_key, name);
        DROP TRIGGER favorites_updated;
        CREATE TRIGGER favorites_updated AFTER UPDATE OF key, name, description, origin, source, added_at ON favorites BEGIN
            INSERT INTO changes (kind, key, name) VALUES ('favorite', OLD.key, OLD.name);
            INSERT INTO changes (kind, key, name) VALUES ('favorite', NEW.key, NEW.name);
        END;
        """,
    ]

    static var currentVersion: Int { migrations.count }
}
