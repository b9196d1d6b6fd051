-- The actors' change counter: raised by every change to what a signed-in call's user is made of
-- (the user's name, kind, supplier and active flag, their roles, the roles' names and permissions,
-- and the state of their sessions), so that every instance may keep the users it has checked and
-- knows when one is out of date. A new session, a sign-in's time and other columns raise nothing.
INSERT INTO `change_versions` (`name`, `version`) VALUES ('actors', 0);
--> statement-breakpoint
CREATE TRIGGER `users_actors_version_insert` AFTER INSERT ON `users` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `users_actors_version_update` AFTER UPDATE OF `id`, `user_name`, `name`, `kind`, `supplier_id`, `is_active` ON `users` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `users_actors_version_delete` AFTER DELETE ON `users` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `roles_actors_version_update` AFTER UPDATE OF `id`, `name` ON `roles` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `roles_actors_version_delete` AFTER DELETE ON `roles` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_actors_version_insert` AFTER INSERT ON `user_roles` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_actors_version_update` AFTER UPDATE ON `user_roles` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `user_roles_actors_version_delete` AFTER DELETE ON `user_roles` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `role_permissions_actors_version_insert` AFTER INSERT ON `role_permissions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `role_permissions_actors_version_update` AFTER UPDATE ON `role_permissions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `role_permissions_actors_version_delete` AFTER DELETE ON `role_permissions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_actors_version_update` AFTER UPDATE OF `id`, `user_id`, `expires_at`, `revoked_at` ON `sessions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_actors_version_delete` AFTER DELETE ON `sessions` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'actors';
END;
