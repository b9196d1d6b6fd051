-- The projects' change counter: raised by every insert and delete of a project and by every change
-- to what a list by keyword keeps of its matches (server/domain/kept.ts, projects/listKept.ts): the
-- keyword columns (name, number, demand number) and the columns project_counts counts by (kind,
-- stored status, first quote, category). A list in any instance then knows its kept matches are
-- out of date. The clock moves no stored column: what it moves is judged at read time.
INSERT INTO `change_versions` (`name`, `version`) VALUES ('projects', 0);
--> statement-breakpoint
CREATE TRIGGER `projects_version_insert` AFTER INSERT ON `offer_projects` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `projects_version_update`
  AFTER UPDATE OF name, code, demand_code, kind, status, first_quote_at, type_id ON `offer_projects`
  WHEN old.name IS NOT new.name OR old.code IS NOT new.code
    OR old.demand_code IS NOT new.demand_code OR old.kind IS NOT new.kind
    OR old.status IS NOT new.status OR (old.first_quote_at IS NULL) IS NOT (new.first_quote_at IS NULL)
    OR old.type_id IS NOT new.type_id
BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
--> statement-breakpoint
CREATE TRIGGER `projects_version_delete` AFTER DELETE ON `offer_projects` BEGIN
  UPDATE `change_versions` SET `version` = `version` + 1 WHERE `name` = 'projects';
END;
