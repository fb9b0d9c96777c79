-- player_languages: the language a player chose from the language picker
-- (a code of i18n's catalog: "fr", "pt-BR"), so it follows them to
-- another device (a handover link, a passkey) where no cookie has it yet.
-- Numbered 0006 to leave 0005 to another branch's migration.
CREATE TABLE player_languages (
    player  TEXT PRIMARY KEY,
    lang    TEXT NOT NULL,
    updated INTEGER NOT NULL
) WITHOUT ROWID;
