-- The Audit log comes after Invites in the access menu: both had the order 16, so the two fell
-- in alphabetical order, which differs by language. An order an administrator changed is kept.
UPDATE "client_permissions" SET "menu_order" = 17 WHERE "path" = '/audit-log' AND "menu_order" = 16;
