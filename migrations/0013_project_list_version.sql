-- The projects' change counter: raised by every insert, update and delete of a project, its
-- rounds, invitations and quotes (what the project list's filters read), so that a kept page of
-- the list in any instance knows when it is out of date.
INSERT INTO `change_versions` (`name`, `version`) VALUES ('projects', 0);
--> statement-breakpoint
CREATE TRIGGER `offer_projects_version_insert` AFTER INSERT ON `offer_projects` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_projects_version_update` AFTER UPDATE ON `offer_projects` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_projects_version_delete` AFTER DELETE ON `offer_projects` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_rounds_version_insert` AFTER INSERT ON `offer_rounds` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_rounds_version_update` AFTER UPDATE ON `offer_rounds` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_rounds_version_delete` AFTER DELETE ON `offer_rounds` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_suppliers_version_insert` AFTER INSERT ON `offer_project_suppliers` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_suppliers_version_update` AFTER UPDATE ON `offer_project_suppliers` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `offer_project_suppliers_version_delete` AFTER DELETE ON `offer_project_suppliers` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_version_insert` AFTER INSERT ON `quotes` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_version_update` AFTER UPDATE ON `quotes` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `quotes_version_delete` AFTER DELETE ON `quotes` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
