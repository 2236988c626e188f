DROP TRIGGER signatures_refuse_truncate ON signatures;
