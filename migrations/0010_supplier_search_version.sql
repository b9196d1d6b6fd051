-- The suppliers' change counter: raised by every insert, update and delete of a supplier, so that
-- a cached supplier search in any instance knows when it is out of date.
INSERT INTO `change_versions` (`name`, `version`) VALUES ('suppliers', 0);
--> statement-breakpoint
CREATE TRIGGER `suppliers_version_insert` AFTER INSERT ON `suppliers` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'suppliers';
END;
--> statement-breakpoint
CREATE TRIGGER `suppliers_version_update` AFTER UPDATE ON `suppliers` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'suppliers';
END;
--> statement-breakpoint
CREATE TRIGGER `suppliers_version_delete` AFTER DELETE ON `suppliers` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'suppliers';
END;
