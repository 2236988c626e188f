DROP TABLE terms_of_office;
