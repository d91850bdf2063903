-- The Audit log screen in the access menu, for installations old and new (administrators see
-- every entry; other roles get it through the Roles screen).
INSERT INTO "client_permissions" ("id", "name", "menu", "menu_order", "path", "description", "auth")
SELECT gen_random_uuid(), 'Audit log', 'access', 16, '/audit-log', 'Who changed what, and every sign-in', true
WHERE NOT EXISTS (SELECT 1 FROM "client_permissions" WHERE "path" = '/audit-log');
