DROP TABLE declarations;
DROP TABLE declaration_rounds;
