#define CELL cell_c
#define NAME_ER er_c
#define NAME_STEP step_c
#include "grid_form.hpp"
